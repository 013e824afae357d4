#!stateconf -s yaml . jinja
include:
  - .helper
exclude:
  - sls: .nothing
  - id: nothing
.conf:
  stateconf.set:
    - port: 80
    - require:
      - test: .x
# --- end of state config ---
.x:
  test.nop:
    - name: site-{{ conf.port }}
.y:
  test.nop:
    - name: y
    - require:
      - test: ..first::hello
.z:
  test.nop:
    - name: z
