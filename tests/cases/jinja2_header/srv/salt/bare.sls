#jinja2:
bare:
  test.succeed_without_changes:
    - name: |
        {% if 1 %}
        kept
        {% endif %}
