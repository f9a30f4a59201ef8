/** Creates, through the public API, the user and workspace the benchmarks act as. */
export async function createScenario(base: string) {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'benchmark password 1';
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const registered = await post('/api/authn/session/credentials', {
    email,
    password,
    first_name: 'Bench',
    family_name: 'Mark',
    create: true,
    tos: true,
    company: {
      company_name: 'Bench Holdings, Inc.',
      features: [{ feature_type_id: 881, value: 'For-profit Company' }],
    },
  });
  const accountId = Number(registered.account_id);
  const basicAuth = `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
  const accessTokenOf = async (idToken: unknown) =>
    String(
      (
        await post(
          '/api/authn/access_token',
          { account_id: accountId },
          { authorization: `Bearer ${idToken}` },
        )
      ).access_token,
    );
  return {
    email,
    accountId,
    /** The registration's user token (the user-side API, such as confirming the address). */
    idToken: String(registered.id_token),
    accessToken: await accessTokenOf(registered.id_token),
    basicAuth,
    /** A new sign-in (a session of its own, as another browser's): its access token. */
    newSession: async () => {
      const res = await fetch(`${base}/api/authn/session/credentials`, {
        method: 'POST',
        headers: { authorization: basicAuth },
      });
      if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
      return accessTokenOf(((await res.json()) as { id_token: string }).id_token);
    },
  };
}

export type Scenario = Awaited<ReturnType<typeof createScenario>>;

/** `count` projects of a one-group template, created `parallel` at a time; the id of the last group. */
export async function createProjects(base: string, accessToken: string, templateId: string, count: number) {
  const parallel = 8;
  let last = 0;
  for (let done = 0; done < count; done += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - done) }, async () => {
      const res = await fetch(`${base}/api/account/project_template/${templateId}/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: '{}',
      });
      if (!res.ok) throw new Error(`create project: ${res.status} ${await res.text()}`);
      const project = (await res.json()) as { transactions: { id: number }[] };
      last = project.transactions[0].id;
    });
    await Promise.all(batch);
  }
  return last;
}
