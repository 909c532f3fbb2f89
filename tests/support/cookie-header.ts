/** The Cookie header a browser sends after `res`: the cookies it set, without their attributes. */
export const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
