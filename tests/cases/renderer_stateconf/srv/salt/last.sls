#!stateconf yaml . jinja
.cfg:
  stateconf.set:
    - port: 1
    - require:
      - test: .e
# --- end of state config ---
extend:
  web.site::conf:
    stateconf.set:
      - port: 8080
      - require:
        - test: web.site::y
  .d:
    test.nop:
      - name: dd
.d:
  test.nop
.e:
  test.nop:
    - name: "last {{ shared.colour }} {{ local is defined }} {{ cfg.port }} {{ cfg.require|length }}"
