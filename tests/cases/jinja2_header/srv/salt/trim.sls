#jinja2: {"trim_blocks": true, "lstrip_blocks": true}
{% for i in [1, 2] %}
    {% if i %}
trim{{ i }}:
  test.succeed_without_changes:
    - name: |
        {% if i %}
        yes {{ i }}
        {% endif %}
    {% endif %}
{% endfor %}
