/** A user's full name, or the e-mail address when no name is known. */
export function fullName(user: { firstName: string; lastName: string; email: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Up to two initials for an avatar. */
export function initialsOf(user: { firstName: string; lastName: string; email: string }): string {
  const letters = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (letters || user.email.charAt(0)).toUpperCase();
}
