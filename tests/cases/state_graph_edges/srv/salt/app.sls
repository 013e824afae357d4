include:
  - lib.one
  - lib.two

conf:
  file.managed:
    - name: /tmp/halitetest-graph/app.conf
    - contents: x

svc:
  test.nop:
    - watch:
      - file: conf
    - require:
      - sls: lib.*
      - lib_one

watcher:
  file.touch:
    - name: /tmp/halitetest-graph/touch
    - watch:
      - test: svc
      - file: conf

users:
  test.nop:
    - names:
      - alice:
        - uid: 1001
      - bob
    - onchanges_any:
      - file: conf

pre_a:
  test.nop:
    - prereq:
      - test: svc
pre_b:
  test.nop:
    - prereq:
      - test: pre_a

broken:
  test.nop:
    - require:
      - test: lib_one
      - test: missing_one
      - test: svc
