include:
  - other
extend:
  /tmp/by_name:
    file:
      - mode: 600
  names_id:
    pkg:
      - name: c
