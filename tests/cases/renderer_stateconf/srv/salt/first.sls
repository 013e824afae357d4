#!stateconf yaml . jinja
shared:
  stateconf.set:
    - colour: blue
.local:
  stateconf.set:
    - size: 3
# --- end of state config ---
extend:
  last::cfg:
    stateconf.set:
      - port: 9
.hello:
  test.nop:
    - name: "first {{ shared.colour }} {{ local.size }} {{ sls_dir }}"
