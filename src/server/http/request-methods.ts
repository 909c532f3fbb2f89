const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request of this method may change something: anything but GET, HEAD and OPTIONS. */
export function isWrite(method: string): boolean {
  return !readOnlyMethods.has(method);
}
