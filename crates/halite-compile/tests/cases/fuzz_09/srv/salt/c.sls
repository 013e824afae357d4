id4:
  cmd.run:
    - name: /tmp/n4
    - order: 5
id12:
  cmd.run:
    - name: /tmp/n12
    - order: first
    - mode: 600
