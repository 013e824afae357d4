{% for key, value in params.get('tags', {'a': 1}).items() %}
tag-state:
  test.present:
    - key: {{ key }}
    - value: {{ value }}
{% endfor %}
{% for item in params.get('labels').items() %}
label-state:
  test.present:
    - item: "{{ item[0] }}"
{% endfor %}
