multi:
  file.managed:
    - name: /tmp/multi
  service.running:
    - name: multisvc
onlytest:
  test.nop
src:
  test.nop:
    - watch_in:
      - service: multi
      - file: multi
      - cmd: onlytest
