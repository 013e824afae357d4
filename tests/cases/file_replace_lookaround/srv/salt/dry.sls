{% from 'replaces.jinja' import replaces %}
{{ replaces(opts['file_roots']['base'][0] ~ '/data') }}
