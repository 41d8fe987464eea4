/**
 * The sign-in success toast (spec §8: 'Sign in successful' / "You're now signed in to the
 * product"), naming the product the way the page's title does (issue 27).
 */
export function signedInToast(productName: string | undefined) {
  const name = productName?.trim();
  return {
    title: 'Sign in successful',
    description: name ? `You're now signed in to ${name}` : "You're now signed in",
  };
}
