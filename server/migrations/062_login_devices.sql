-- Login throttling with device cookies (OWASP authentication cheat sheet, "device cookies"):
-- a failure from a device holding a valid cookie for the account is counted against that device only
-- (device = the cookie's nonce); failures from unknown devices (device NULL) count per account,
-- per account + address and per address.
ALTER TABLE login_failures ADD COLUMN device text;
CREATE INDEX login_failures_device_idx ON login_failures (device, at) WHERE device IS NOT NULL;
CREATE INDEX login_failures_user_ip_idx ON login_failures (username, ip, at);

-- Secrets made at first start and shared by every instance (e.g. the device-cookie HMAC key).
CREATE TABLE server_secrets (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
