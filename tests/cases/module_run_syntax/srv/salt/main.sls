{% set d = salt['environ.get']('HALITE_SCRATCH') %}
new_several:
  module.run:
    - test.echo:
      - hello
    - test.arg:
      - 1
      - two
      - kw: v
    - grains.get:
      - key: id
new_tagged:
  module.run:
    - test.echo:first:
      - one
    - test.echo:second:
      - text: two
new_files:
  module.run:
    - file.touch:
      - {{ d }}/touched
    - file.write:
      - {{ d }}/written
      - line one
      - line two
    - file.file_exists:
      - path: {{ d }}/written
    - file.mkdir:
      - {{ d }}/dir/sub
    - file.read:
      - {{ d }}/written
new_unavailable:
  module.run:
    - nosuch.fun:
      - a
    - other.thing: []
new_one_unavailable:
  module.run:
    - nosuch.fun: []
    - test.true: []
new_missing_arg:
  module.run:
    - test.echo: []
new_bad_kw:
  module.run:
    - test.echo:
      - text: a
      - bogus: 1
new_too_many:
  module.run:
    - test.echo:
      - a
      - b
new_positional_default:
  module.run:
    - pillar.get:
      - nosuch
      - fallback
new_kw_default:
  module.run:
    - pillar.get:
      - nosuch
      - default: fallback
new_str_args:
  module.run:
    - test.echo: abc
new_false:
  module.run:
    - test.false: []
new_cmd_fail:
  module.run:
    - cmd.run_all:
      - "false"
new_cmd_ok:
  module.run:
    - cmd.run:
      - echo hi
    - cmd.retcode:
      - "exit 3"
      - python_shell: true
new_and_plain_key:
  module.run:
    - test.echo:
      - x
    - foo: bar
legacy_echo:
  module.run:
    - name: test.echo
    - text: legacy
legacy_arg_m_name:
  module.run:
    - name: test.arg
    - m_name: x
legacy_touch_m_name:
  module.run:
    - name: file.touch
    - m_name: {{ d }}/legacy
legacy_missing_m_name:
  module.run:
    - name: file.touch
legacy_unavailable:
  module.run:
    - name: nosuch.fun
legacy_missing_arg:
  module.run:
    - name: test.echo
legacy_varargs:
  module.run:
    - name: test.arg
    - args: [1, 2]
    - kwargs: {a: b}
legacy_varargs_bad:
  module.run:
    - name: test.arg
    - args: notalist
legacy_kwargs_bad:
  module.run:
    - name: test.arg
    - kwargs: [x]
legacy_cmd_run:
  module.run:
    - name: cmd.run
    - cmd: echo legacy
    - python_shell: true
legacy_cmd_retcode:
  module.run:
    - name: cmd.retcode
    - cmd: "false"
legacy_grains:
  module.run:
    - name: grains.get
    - key: id
    - default: nope
legacy_read_missing:
  module.run:
    - name: file.read
    - path: {{ d }}/nosuchfile
legacy_returner:
  module.run:
    - name: test.echo
    - text: r
    - returner: nosuch
legacy_false:
  module.run:
    - name: test.false
