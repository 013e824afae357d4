real_id:
  file.managed:
    - name: /tmp/by_name
    - mode: 644
names_id:
  pkg.installed:
    - names:
      - a
      - b
