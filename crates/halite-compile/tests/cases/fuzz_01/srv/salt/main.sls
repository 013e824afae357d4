include:
  - a
  - b
  - c
id0:
  file.managed:
    - name: /tmp/n0
id4:
  cmd.run:
    - name: /tmp/n4
    - mode: 755
    - prereq_in:
      - cmd: id3
      - sls: a
      - id8
    - onfail_any:
      - id10
id7:
  cmd.run:
    - order: 5
    - mode: 755
    - listen_in:
      - test: id6
