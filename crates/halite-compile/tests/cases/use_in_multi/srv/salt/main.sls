base:
  file.managed:
    - name: /tmp/base
    - mode: 755
    - user: root
    - use_in:
      - file: one
      - file: two
      - file: three
one:
  file.managed:
    - name: /tmp/one
two:
  file.managed:
    - name: /tmp/two
    - user: bob
three:
  file.managed:
    - name: /tmp/three
