/**
 * SQL of the staff module (table users, from 001_core.sql). Kept apart from the service so every
 * statement the module runs can be read in one place. password_hash is never selected for output.
 */

/** The columns a staff record is built from (see toStaffRecord in staff-record.ts). */
export const USER_COLUMNS = `u.id, u.username, u.nickname, u.phone, u.roles, u.store_id, u.merchant_id, u.avatar, u.enabled,
  u.last_login_at, u.created_at, u.updated_at`;

/** The bound store's and merchant's names come along (the record labels them). */
export const USER_FROM = `users u LEFT JOIN stores s ON s.id = u.store_id LEFT JOIN merchants m ON m.id = u.merchant_id`;

/** A user by id, with its binding's names. */
export const SELECT_USER_BY_ID = `SELECT ${USER_COLUMNS}, s.name AS store_name, m.name AS merchant_name
  FROM ${USER_FROM}
  WHERE u.id = $1`;

/** Locks the row so concurrent edits of one user apply one after the other. */
export const LOCK_USER_BY_ID = `SELECT id, username, roles, enabled, store_id, merchant_id FROM users WHERE id = $1 FOR UPDATE`;

/** Usernames are unique regardless of case ("Admin" and "admin" would confuse people signing in). */
export const SELECT_USER_BY_USERNAME = `SELECT id, username FROM users WHERE lower(username) = lower($1)`;

export const INSERT_USER = `INSERT INTO users
  (id, username, nickname, phone, password_hash, roles, store_id, avatar, enabled, created_at, updated_at, merchant_id)
  VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $8, $9, coalesce($10::timestamptz, now()), coalesce($10::timestamptz, now()), $11)`;

export const UPDATE_PASSWORD_AND_ROLES = `UPDATE users
  SET password_hash = $2, roles = $3::text[], enabled = true, nickname = coalesce($4, nickname), updated_at = now()
  WHERE id = $1`;

export const SET_PASSWORD = `UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`;

export const STORE_EXISTS = `SELECT 1 AS ok FROM stores WHERE id = $1`;
export const MERCHANT_EXISTS = `SELECT 1 AS ok FROM merchants WHERE id = $1`;
export const FILE_EXISTS = `SELECT 1 AS ok FROM files WHERE key = $1`;

export const COUNT_USERS = `SELECT count(*)::int AS n FROM users`;
