template:
  file.managed:
    - name: /tmp/template
    - user: root
    - group: wheel
    - mode: 644
    - require:
      - test: dep
    - listen:
      - test: dep
dep:
  test.nop
user1:
  file.managed:
    - name: /tmp/user1
    - mode: 600
    - use:
      - file: template
user2:
  file.managed:
    - names:
      - /tmp/u2a
      - /tmp/u2b
    - use:
      - file: template
giver:
  file.managed:
    - name: /tmp/giver
    - owner: nobody
    - makedirs: True
    - use_in:
      - file: user3
      - file: user4
user3:
  file.managed:
    - name: /tmp/user3
user4:
  file.managed:
    - name: /tmp/user4
    - makedirs: False
