include:
  - other
extend:
  pkgs:
    pkg:
      - name: single
      - names:
        - c
