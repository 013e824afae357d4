#!stateconf yaml . jinja
.conf:
  stateconf.set:
    - slspath: overridden
    - a: 1
    - require: []
# --- end of state config ---
.show:
  test.nop:
    - name: "{{ slspath }} {{ conf }} {{ conf.a }} {{ sls_dir }}"
