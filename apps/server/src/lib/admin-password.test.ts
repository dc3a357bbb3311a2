import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CREATE_ADMIN_SCRIPT, linesOf, runScript } from '../testing/processes';
import {
  ADMIN_PASSWORD_MIN_LENGTH,
  adminPasswordProblem,
  COMMON_PASSWORDS,
  generateAdminPassword,
} from './admin-password';

describe('create-admin password rule', () => {
  it('refuses passwords under 12 characters', () => {
    expect(adminPasswordProblem('Xk9#mQ2$vL7')).toBe('Password must be at least 12 characters');
    expect(adminPasswordProblem('')).toBe('Password must be at least 12 characters');
    expect(adminPasswordProblem('Xk9#mQ2$vL7!')).toBeUndefined();
  });

  it('refuses the commonest passwords whatever their case', () => {
    for (const common of ['password1234', 'PASSWORD1234', 'Qwerty123456', 'duka-demo-1234']) {
      expect(adminPasswordProblem(common), common).toBe(
        'Password is one of the most common passwords; choose another',
      );
    }
    expect(adminPasswordProblem('mama-mboga-sells-sukuma')).toBeUndefined();
  });

  it('ships a list that covers what the length rule alone lets through', () => {
    const longEnough = [...COMMON_PASSWORDS].filter((p) => p.length >= ADMIN_PASSWORD_MIN_LENGTH);
    expect(longEnough.length).toBeGreaterThanOrEqual(100);
    for (const password of COMMON_PASSWORDS) expect(password).toBe(password.toLowerCase());
  });

  it('a generated password always satisfies the rule', () => {
    const generated = Array.from({ length: 500 }, generateAdminPassword);
    for (const password of generated) expect(adminPasswordProblem(password)).toBeUndefined();
    expect(new Set(generated).size).toBe(generated.length);
  });

  it('create-admin refuses a short or common password before touching the database', async () => {
    const args = ['--email', 'owner@shop.test', '--name', 'Jane Owner', '--store', 'Jane Duka'];
    // DATA_DIR lies under a file, so it can never be opened: the refusal must come first
    // (and, were it not to, nothing would be created on this machine).
    const aFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'duka-admin-')), 'a-file');
    writeFileSync(aFile, 'not a folder');
    const env = { DATA_DIR: path.join(aFile, 'duka-data') };
    const short = await runScript(CREATE_ADMIN_SCRIPT, {
      env,
      args: [...args, '--password', 'short-pass1'],
    });
    expect(short.code).toBe(1);
    expect(linesOf(short.stderr)[0]).toBe('password: Password must be at least 12 characters');

    const common = await runScript(CREATE_ADMIN_SCRIPT, {
      env: { ...env, ADMIN_PASSWORD: 'Password1234' },
      args,
    });
    expect(common.code).toBe(1);
    expect(linesOf(common.stderr)[0]).toBe(
      'password: Password is one of the most common passwords; choose another',
    );
  }, 60_000);
});
