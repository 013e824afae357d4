{% for g, gid in [('halitetest-g21', 47121), ('halitetest-g22', 47122), ('halitetest-g23', 47123)] %}
{{ g }}:
  group.present:
    - gid: {{ gid }}
    - require_in:
      - user: halitetest-u2
{% endfor %}
halitetest-u2:
  user.present:
    - uid: 47002
    - usergroup: True
    - groups:
      - halitetest-g21
      - halitetest-g22
    - optional_groups:
      - halitetest-nosuchgroup
