{% for kind in ['onlyif', 'unless'] %}
{% for n, entry in [('nocode', {'fun': 'test.retcode'}),
                    ('code0', {'fun': 'test.retcode', 'code': 0}),
                    ('code1', {'fun': 'test.retcode', 'code': 1}),
                    ('args0', {'fun': 'test.retcode', 'args': [0]}),
                    ('true', {'fun': 'test.true'}),
                    ('false', {'fun': 'test.false'})] %}
{{ kind }}_{{ n }}:
  test.succeed_with_changes:
    - {{ kind }}:
      - {{ entry | json }}
{{ kind }}_{{ n }}_watcher:
  test.succeed_without_changes:
    - watch:
      - test: {{ kind }}_{{ n }}
{% endfor %}
{% endfor %}
after_retcode:
  test.succeed_without_changes:
    - onlyif:
      - fun: test.true
sticky_set:
  test.succeed_without_changes:
    - onlyif:
      - fun: test.retcode
        code: 3
sticky_true:
  test.succeed_without_changes:
    - onlyif:
      - fun: test.true
sticky_unless_false:
  test.succeed_without_changes:
    - unless:
      - fun: test.false
after_cmd_false:
  test.succeed_without_changes:
    - onlyif:
      - 'false'
after_cmd_false_true:
  test.succeed_without_changes:
    - onlyif:
      - fun: test.true
cmd_run_state:
  cmd.run:
    - name: 'exit 0'
after_cmd_state:
  test.succeed_without_changes:
    - onlyif:
      - fun: test.true
