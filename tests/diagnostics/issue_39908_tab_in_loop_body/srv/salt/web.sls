{% for user in ['alice', 'bob'] %}
user_{{ user }}:
  test.nop:
	- name: {{ user }}
{% endfor %}
