base_file:
  file.managed:
    - name: /tmp/base
    - user: root
    - require:
      - test: dep1
dep1:
  test.nop
dep2:
  test.nop
svc:
  service.running:
    - name: foo
named_thing:
  file.managed:
    - name: /tmp/named_thing
