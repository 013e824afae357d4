#jinja2: trim_blocks:False
notjson:
  test.succeed_without_changes:
    - name: |
        {% if 1 %}
        kept
        {% endif %}
