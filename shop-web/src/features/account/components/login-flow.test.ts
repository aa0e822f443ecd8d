import { describe, expect, it } from 'vitest';
import { logIn } from './login-flow';

describe('the login (SPEC.md section 4: login clears the typed number after success)', () => {
  it('signs in with what was typed, then empties the number and the password', async () => {
    const signedIn: Array<[string, string]> = [];
    const { user, form } = await logIn(
      { mobile: '0771234567', password: 'secret-pass' },
      {
        login: async (typed) => `tokens of ${typed.mobile}`,
        signIn: async (tokens, mobile) => {
          signedIn.push([tokens, mobile]);
          return { name: 'Nimali' };
        },
      },
    );
    expect(signedIn).toEqual([['tokens of 0771234567', '0771234567']]);
    expect(user).toEqual({ name: 'Nimali' });
    expect(form).toEqual({ mobile: '', password: '' });
  });

  it('keeps nothing when the server refuses: the error goes to the screen, which keeps the typed number', async () => {
    const signedIn: string[] = [];
    await expect(
      logIn(
        { mobile: '0771234567', password: 'wrong' },
        {
          login: async () => {
            throw new Error('The mobile number or password is wrong.');
          },
          signIn: async (_tokens, mobile) => {
            signedIn.push(mobile);
          },
        },
      ),
    ).rejects.toThrow('The mobile number or password is wrong.');
    expect(signedIn).toEqual([]);
  });
});
