/** The console's API as a hand-written page calls it: token header, envelope, 64-bit ids kept as strings. */
export async function get<T>(path: string, params: Record<string, unknown> = {}): Promise<T> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    for (const one of Array.isArray(v) ? v : [v]) q.append(k, String(one));
  }
  const r = await fetch(`/api${path}${q.size ? `?${q}` : ''}`, {
    headers: { 'x-misi-token': localStorage.getItem('Authorization') ?? '', 'x-locale': 'zh-CN' },
  });
  const body = JSON.parse((await r.text()).replace(/:\s*(\d{16,})/g, ':"$1"')) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(body.msg);
  return body.data;
}
