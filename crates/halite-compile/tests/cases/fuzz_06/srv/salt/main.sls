include:
  - a
  - b
  - c
id5:
  test.succeed_without_changes:
    - mode: 755
    - watch_in:
      - service: id6
      - cmd: id6
      - file: id7
    - use_in:
      - service: id6
      - test: id10
    - prereq_in:
      - file: id2
      - cmd: id9
extend:
  id4:
    service:
      - mode: 700
      - require:
        - test: id5
