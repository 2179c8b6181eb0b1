/** Turns a PATHS builder such as `(id) => '/b2bapp/group/active/' + id` into the fastify pattern '/b2bapp/group/active/:id'. */
export function routePattern(build: (value: string) => string, param: string): string {
  const marker = 'ROUTEPARAMMARKER';
  return build(marker).replace(marker, `:${param}`);
}
