{% for srv in params.get('servers') %}
srv:
  test.present:
    - name: {{ srv.name }}
    - host: {{ srv.get('host') }}
{% endfor %}
