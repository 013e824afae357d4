{#- a state argument file.managed does not take reaches the source template as a variable
    (Salt's format_call **kwargs -> file.get_managed -> the renderer); context wins over it.
    Found by apache-formula, whose `- context:` is empty and `apache:` sits beside it. #}
{% set out = salt['environ.get']('HALITE_SCRATCH') ~ '/out' %}
empty_context_beside:
  file.managed:
    - name: {{ out }}/a
    - makedirs: True
    - source: salt://tpl.jinja
    - template: jinja
    - context:
    - app:
        name: web
        port: 80
    - color: red
context_wins:
  file.managed:
    - name: {{ out }}/b
    - makedirs: True
    - source: salt://tpl.jinja
    - template: jinja
    - color: red
    - app:
        name: ignored
        port: 1
    - context:
        color: blue
        app:
          name: api
          port: 8080
{% if opts['test'] %}
over_existing:
  file.managed:
    - name: {{ opts['file_roots']['base'][0] }}/tpl.jinja
    - source: salt://tpl.jinja
    - template: jinja
    - color: green
    - app: {name: x, port: 2}
{% endif %}
{% if opts['test'] %}
context_wins_over_existing:
  file.managed:
    - name: {{ opts['file_roots']['base'][0] }}/tpl.jinja
    - source: salt://tpl.jinja
    - template: jinja
    - color: green
    - app: {name: x, port: 2}
    - context:
        color: blue
{% endif %}
