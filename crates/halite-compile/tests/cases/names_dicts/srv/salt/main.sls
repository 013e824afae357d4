users:
  user.present:
    - shell: /bin/sh
    - names:
      - alice:
        - uid: 1001
        - shell: /bin/bash
      - bob
      - carol:
        - uid: 1003
        - require:
          - test: base_state
base_state:
  test.nop
