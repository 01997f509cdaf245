/** Shell command lines → the bypasses they would make and the files they would write: tables of literal commands. */
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../src/agent/shell-rules.js';
import { parseShell } from '../../../src/agent/shell.js';

const CWD = '/repo';
const codes = (command: string) => analyzeShell(command, CWD).findings.map((f) => f.code);
const targets = (command: string, cwd: string | null = CWD) =>
  analyzeShell(command, cwd).targets.map((t) => `${t.op} ${t.path ?? '?'}${t.into ? ` <- ${t.into.join(',')}` : ''}`);

describe('bypass commands', () => {
  it.each([
    ['git commit --no-verify -m x', 'NO_VERIFY'],
    ['git commit -n -m x', 'NO_VERIFY'],
    ['git commit -anm "x"', 'NO_VERIFY'],
    ['git commit -nam x', 'NO_VERIFY'],
    ['git commit -qn', 'NO_VERIFY'],
    ['git commit --no-veri -m x', 'NO_VERIFY'],
    ['git -C sub commit --no-verify', 'NO_VERIFY'],
    ['git --no-pager -c user.name=x commit -n', 'NO_VERIFY'],
    ['npm test && git add -A && git commit --no-verify -m wip', 'NO_VERIFY'],
    ['cd src; git commit -n', 'NO_VERIFY'],
    ['bash -c "git commit --no-verify -m x"', 'NO_VERIFY'],
    ["sh -lc 'git commit -n -m x'", 'NO_VERIFY'],
    ['eval "git commit --no-verify"', 'NO_VERIFY'],
    ['echo $(git commit -n -m x)', 'NO_VERIFY'],
    ['sudo -u me git commit -n', 'NO_VERIFY'],
    ['env FOO=1 git commit -n', 'NO_VERIFY'],
    ['command git commit --no-verify', 'NO_VERIFY'],
    ['/usr/bin/git commit -n', 'NO_VERIFY'],
    ['git commit-tree HEAD^{tree} -m x', 'NO_VERIFY'],
    ['TDD_HOOKS=0 git commit -m x', 'HOOKS_DISABLED'],
    ["TDD_HOOKS='0' git commit -m x", 'HOOKS_DISABLED'],
    ['export TDD_HOOKS=0; git commit -m x', 'HOOKS_DISABLED'],
    ['env TDD_HOOKS=0 git commit -m x', 'HOOKS_DISABLED'],
    ['HUSKY=0 git commit -m x', 'HOOKS_DISABLED'],
    ['npx tdd-hooks uninstall', 'HOOKS_DISABLED'],
    ['node node_modules/tdd-hooks/bin/tdd.js uninstall', 'HOOKS_DISABLED'],
    ['git -c core.hooksPath=/dev/null commit -m x', 'HOOKS_PATH'],
    ['git -c core.hookspath= commit -m x', 'HOOKS_PATH'],
    ['git --config-env=core.hooksPath=X commit', 'HOOKS_PATH'],
    ['git config core.hooksPath /tmp/none', 'HOOKS_PATH'],
    ['git config --local core.hooksPath .nohooks', 'HOOKS_PATH'],
    ['git config --unset core.hooksPath', 'HOOKS_PATH'],
    ['git config set core.hooksPath x', 'HOOKS_PATH'],
    ['GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=/x git commit', 'HOOKS_PATH'],
  ])('%s → %s', (command, code) => {
    expect(codes(command)).toContain(code);
  });

  it.each([
    'git commit -m "fix: handle -n and --no-verify in messages"',
    'git commit -m -n',
    'git commit -mn',
    'git commit -F msg.txt',
    'git commit --no-verify --verify -m x',
    'git commit --amend --no-edit',
    'git log -n 3',
    'git merge --no-ff topic',
    'npm test',
    'npx vitest run test/a.test.ts',
    'git config --get core.hooksPath',
    'git config --list',
    'TDD_HOOKS=2 git commit -m x',
    'echo "TDD_HOOKS=0 is how a human skips"',
    "grep -rn -- '--no-verify' README.md",
    'cat <<EOF\ngit commit --no-verify\nEOF',
    'tdd-hooks install',
    'tdd phase green',
  ])('%s → allowed', (command) => {
    expect(codes(command)).toEqual([]);
  });
});

describe('files a command would write', () => {
  it.each([
    ['echo x > src/a.js', ['write /repo/src/a.js']],
    ['echo x >> /repo/src/a.js', ['write /repo/src/a.js']],
    ['cat > test/a.test.js <<EOF\nconst x = "> src/b.js";\nEOF', ['write /repo/test/a.test.js']],
    ["cat <<'EOF' > src/a.js\n$(rm -rf /)\nEOF", ['write /repo/src/a.js']],
    ['npm test 2>&1 | tee out.log', ['write /repo/out.log']],
    ['npm test > /dev/null 2>&1', []],
    ['cmd &> all.log', ['write /repo/all.log']],
    ['sed -i s/a/b/ src/a.js src/b.js', ['write /repo/src/a.js', 'write /repo/src/b.js']],
    ['sed -i.bak -e s/a/b/ src/a.js', ['write /repo/src/a.js']],
    ["sed -i '' 's/a/b/' src/a.js", ['write /repo/src/a.js']],
    ['sed -n p src/a.js', []],
    ['cp fixtures/a.json test/fixtures/', ['write /repo/test/fixtures <- a.json']],
    ['cp -t test a.js b.js', ['write /repo/test/a.js', 'write /repo/test/b.js']],
    ['mv test/a.test.js test/b.test.js', ['write /repo/test/b.test.js <- a.test.js', 'delete /repo/test/a.test.js']],
    ['rm -rf .git/hooks', ['delete /repo/.git/hooks']],
    ['rm -- -odd', ['delete /repo/-odd']],
    ['chmod -x .git/hooks/pre-commit', ['write /repo/.git/hooks/pre-commit']],
    ['chmod 755 a b', ['write /repo/a', 'write /repo/b']],
    ['truncate -s 0 src/a.js', ['write /repo/src/a.js']],
    ['dd if=/dev/zero of=src/a.bin bs=1 count=1', ['write /repo/src/a.bin']],
    ['cd src && echo x > a.js', ['write /repo/src/a.js']],
    ['cd $DIR && echo x > a.js', ['write ?']],
    ['echo x > $OUT', ['write ?']],
    ['echo x > src/*.js', ['write ?']],
    ['find . -name "*.tmp" -exec rm {} \\;', ['delete /repo/{}']],
    ['bash -c "echo x > src/a.js"', ['write /repo/src/a.js']],
    ['printf x | xargs -I{} cp {} src/', ['write /repo/src <- {}']],
  ])('%s', (command, expected) => {
    expect(targets(command)).toEqual(expected);
  });

  it('a relative target with no known working directory is unknown, an absolute one is not', () => {
    expect(targets('echo x > a.js; echo y > /r/b.js', null)).toEqual(['write ?', 'write /r/b.js']);
  });
});

describe('command lines the shell could not run', () => {
  it.each(['echo "unterminated', "echo 'x", 'echo $(date', 'echo `date'])('%s', (command) => {
    expect(analyzeShell(command, CWD).error).toBeTruthy();
  });

  it('reads what bash reads: comments, continuations, ANSI-C quotes, case, subshells, functions', () => {
    expect(parseShell('a # c\nb \\\n  c; case x in y) d;; esac; (e); f() { g; }').commands.map((c) => c.words.map((w) => w.text).join(' '))).toEqual([
      'a',
      'b c',
      'd',
      'e',
      'f',
      'g',
    ]);
    expect(codes("git commit $'--no-verify'")).toEqual(['NO_VERIFY']);
  });

  // Its time (linear: 4× the commands, ~4× the time) is measured in `npm run bench` (bench/shell.mjs), never asserted here.
  it('reads a 20,000-command line whole: every redirection a target, the last one too', () => {
    const long = Array.from({ length: 20_000 }, (_, i) => `echo "${i}" > /tmp/f${i}`).join(' && ');
    const read = analyzeShell(long, CWD).targets;
    expect(read).toHaveLength(20_000);
    expect(read.map((t) => t.path)).toEqual(Array.from({ length: 20_000 }, (_, i) => `/tmp/f${i}`));
  });
});

describe('the forms git 2.39 would run without the hooks, and what the reader cannot be sure of', () => {
  const notes = (command: string) => analyzeShell(command, CWD).notes;

  it.each([
    ['git -c alias.ci="commit --no-verify" ci -m x', ['NO_VERIFY']],
    ["git -c 'alias.c=commit -n' c", ['NO_VERIFY']],
    ['git -c alias.ci="!git commit --no-verify" ci', ['NO_VERIFY']],
    ['git -c alias.ci=commit ci -m x', []],
    ['git config alias.ci "commit --no-verify"', ['NO_VERIFY']],
    ['git config --global alias.ci "commit -nm wip"', ['NO_VERIFY']],
    ['git config alias.st status', []],
    ['$(echo git) commit --no-verify -m x', ['NO_VERIFY']],
    ['`printf git` commit -n', ['NO_VERIFY']],
    ['$(which git) commit --no-verify', ['NO_VERIFY']],
    ['G=git; $G commit --no-verify', ['NO_VERIFY']],
    ['G=git\n${G} commit -n -m x', ['NO_VERIFY']],
    ['$GIT commit --no-verify', ['NO_VERIFY']],
    ['x=--no-verify; git commit $x -m wip', ['NO_VERIFY']],
    ['export F="-n"; git commit $F', ['NO_VERIFY']],
    ['x=-m; git commit $x wip', []],
    ['git $SUB --no-verify', ['NO_VERIFY']],
    ['git merge --no-verify topic', ['NO_VERIFY']],
    ['git merge --no-veri topic', ['NO_VERIFY']],
    ['git rebase --no-verify main', ['NO_VERIFY']],
    ['git am --no-verify < 0001.patch', ['NO_VERIFY']],
    ['git cherry-pick --no-verify abc123', ['NO_VERIFY']],
    ['git pull --no-verify', ['NO_VERIFY']],
    ['git merge -n topic', []],
    ['git merge --no-verify --verify topic', []],
    ['tdd phase off --reason "tired"', ['PHASE_SELF_CHANGE']],
    ['npx tdd phase off', ['PHASE_SELF_CHANGE']],
    ['node node_modules/tdd-hooks/bin/tdd.js phase red --revise "the test is wrong"', ['PHASE_SELF_CHANGE']],
    ['npx tdd phase red --revise="x"', ['PHASE_SELF_CHANGE']],
    ['tdd phase $P', ['PHASE_SELF_CHANGE']],
    ['npx tdd phase red --task T2', []],
    ['npx tdd phase green', []],
    ['npx tdd status', []],
    ['echo tdd phase off', []],
    ['pnpm exec tdd phase off', ['PHASE_SELF_CHANGE']],
    ['npx --yes tdd phase off', ['PHASE_SELF_CHANGE']],
  ])('%s → %j', (command, expected) => {
    expect(codes(command)).toEqual(expected);
  });

  it.each([
    ['eval "$CMD"', /eval/],
    ['bash -c "$SCRIPT"', /known only when it runs/],
    ['sh ./scripts/release.sh', /did not read/],
    ['. ./env.sh && npm test', /did not read/],
    ['$RUNNER test', /known only when it runs/],
  ])('%s: allowed, with a note saying what it could not read', (command, note) => {
    expect(codes(command)).toEqual([]);
    expect(notes(command).join('\n')).toMatch(note);
  });

  it('a plain command has no note', () => {
    expect(notes('npm test && git commit -m "feat: x"')).toEqual([]);
  });
});
