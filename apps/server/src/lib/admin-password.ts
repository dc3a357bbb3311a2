/**
 * The password rule for accounts made from the command line (create-admin): such an account
 * owns a whole install, so it must be at least 12 characters and not one of the passwords every
 * attacker tries first (compared case-insensitively). A generated password always passes.
 */
import { randomBytes } from 'node:crypto';

export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/**
 * The commonest passwords from public breach lists (top lists of leaked passwords), the
 * keyboard walks and repetitions that reach 12 characters, Kenyan favourites, and Duka's own
 * demo password. Lower case; the check lower-cases the candidate.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `
  123456 123456789 12345678 password qwerty123 qwerty1 111111 12345
  secret 123123 1234567890 1234567 000000 qwerty abc123 password1
  iloveyou 11111111 dragon monkey letmein football baseball welcome
  admin sunshine princess master shadow superman trustno1 passw0rd
  123456789012 1234567890123 12345678901234 123456789123 1234567891011
  111111111111 000000000000 123123123123 121212121212 987654321098
  098765432109 012345678901 112233445566 123412341234 147258369147
  qwertyuiop12 qwertyuiopas qwertyuiopasdf qwerty123456 qwerty12345678
  1q2w3e4r5t6y 1qaz2wsx3edc qazwsxedcrfv zaq12wsxcde3 asdfghjkl123
  zxcvbnm12345 1234qwerasdf qwer1234asdf abcd1234abcd
  password1234 password12345 password123456 password1234! password123!
  passwordpassword password!123 p@ssword1234 p@ssw0rd1234 passw0rd1234
  mypassword123 mypassword1234 newpassword123 changeme1234 changeme123!
  letmein12345 letmein123456 welcome12345 welcome123456 welcome@1234
  iloveyou1234 iloveyou12345 iloveyouforever administrator administrator1
  admin1234567 admin12345678 admin@123456 adminadmin123 superadmin123
  rootroot1234 abcdefghijkl abcdefghijklm abcdefgh1234 abc123456789
  aaaaaaaaaaaa football1234 baseball1234 sunshine1234 princess1234
  starwars1234 trustno11234 monkey123456 dragon123456 master123456
  shadow123456 michael12345 jennifer1234 elizabeth123 christopher1
  computer1234 internet1234 whatever1234 nothing12345 qwertyqwerty
  asdfasdfasdf zxcvzxcvzxcv loveyou12345 hello1234567 helloworld123
  thisismypassword correcthorsebatterystaple correct-horse-battery-staple
  kenya1234567 kenya2024kenya nairobi12345 nairobi123456 mombasa12345
  jambo1234567 hakunamatata hakunamatata1 mpesa1234567
  safaricom123 safaricom1234 duka12345678 dukaadmin123 duka-admin-1234
  duka-demo-1234 dukademo1234 mydukapassword shop12345678 store1234567
`
    .split(/\s+/)
    .filter(Boolean),
);

/** Why `password` may not guard an owner's account, or undefined when it may. */
export function adminPasswordProblem(password: string): string | undefined {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH)
    return `Password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`;
  if (COMMON_PASSWORDS.has(password.toLowerCase()))
    return 'Password is one of the most common passwords; choose another';
  return undefined;
}

/** 16 random URL-safe characters (96 bits): long enough and never on a list. */
export function generateAdminPassword(): string {
  return randomBytes(12).toString('base64url');
}
