{% for server in params.get('servers', ['web1', 'web2']) %}
server-{{ loop.index }}:
  test.present:
    - name: {{ server }}
    - first: {{ loop.first }}
{% endfor %}
{% for p in params['ports'] %}
port-{{ loop.index }}:
  test.present:
    - port: {{ p }}
{% endfor %}
