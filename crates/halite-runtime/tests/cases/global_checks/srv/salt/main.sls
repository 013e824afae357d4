u1:
  test.succeed_with_changes:
    - unless: 'true'
u2:
  test.succeed_with_changes:
    - unless: 'false'
u3:
  test.succeed_with_changes:
    - unless:
      - 'false'
      - 'true'
o1:
  test.succeed_with_changes:
    - onlyif: 'true'
o2:
  test.succeed_with_changes:
    - onlyif: 'false'
o3:
  test.succeed_with_changes:
    - onlyif:
      - 'true'
      - 'false'
both:
  test.succeed_with_changes:
    - onlyif: 'true'
    - unless: 'true'
f1:
  test.succeed_with_changes:
    - onlyif:
      - fun: test.true
f2:
  test.succeed_with_changes:
    - unless:
      - fun: test.true
f3:
  test.succeed_with_changes:
    - onlyif:
      - fun: test.false
c1:
  test.succeed_with_changes:
    - creates: /etc/hostname
c2:
  test.succeed_with_changes:
    - creates: /nonexistent/file
c3:
  test.succeed_with_changes:
    - creates:
      - /etc/hostname
      - /etc
cmdu:
  cmd.run:
    - name: echo ran
    - unless: test -e /nonexistent
cmdo:
  cmd.run:
    - name: echo ran
    - onlyif: test -e /nonexistent
watcher:
  test.nop:
    - watch:
      - u1
      - o2
