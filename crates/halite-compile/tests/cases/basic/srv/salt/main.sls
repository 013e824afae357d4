short_form: test.nop
long_form:
  test.succeed_without_changes:
    - name: renamed
    - comment: hi
multi_state:
  file.managed:
    - name: /tmp/halite-x
    - contents: abc
  service.running:
    - name: foo
    - enable: True
zzz_last_in_file:
  cmd.run:
    - name: echo hi
aaa_first_alpha:
  test.nop: []
