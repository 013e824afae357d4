{% for u, uid in [('halitetest-u8', 47008), ('halitetest-u9', 47009)] %}
{{ u }}:
  user.present:
    - uid: {{ uid }}
    - createhome: False
    - require_in:
      - group: halitetest-g81
{% endfor %}
halitetest-g81:
  group.present:
    - gid: 47181
    - members:
      - halitetest-u8
halitetest-g82:
  group.present:
    - gid: 47182
    - system: True
