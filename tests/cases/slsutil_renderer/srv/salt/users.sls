{#- openssh.gather_host_keys reads opts['config_dir'] + '/roster' this way #}
{%- set minions = salt.slsutil.renderer(opts['config_dir'] + '/roster') %}
{%- set map = salt['slsutil.renderer']('salt://map.sls') %}
{%- set local = salt['slsutil.renderer'](opts['file_roots']['base'][0] ~ '/map.sls') %}
{%- set text = salt['slsutil.renderer']('salt://sub/plain.txt', name='alice') %}
{%- set data = salt['slsutil.renderer']('salt://maps/data.json') %}
{%- set raw = salt['slsutil.renderer']('salt://maps/raw.yaml') %}
{%- set blank = salt['slsutil.renderer']('salt://maps/blank.sls') %}
{%- set empty = salt['slsutil.renderer']('salt://maps/empty.sls') %}
{%- set missing = salt['slsutil.renderer']('salt://maps/missing.sls') %}
{%- set crlf = salt['slsutil.renderer']('salt://maps/crlf.txt') %}
{%- set crlf_data = salt['slsutil.renderer']('salt://maps/crlf.sls') %}
{%- set inline = salt['slsutil.renderer'](string='{{ a }} {{ b }} {{ saltenv }} {{ tplpath }} {{ tpldir }}', default_renderer='jinja', a=1, context={'b': 2}) %}
{%- set inline_yaml = salt['slsutil.renderer'](string='x: {{ grains.id }}\ny: [1, 2]') %}
{%- set inline_json = salt['slsutil.renderer'](string='#!json\n{"k": "v"}') %}
{%- set sls_named = salt['slsutil.renderer'](string='{{ sls }} {{ slspath }} {{ tplfile }}', default_renderer='jinja', sls='a.b') %}
{%- set other_env = salt['slsutil.renderer']('salt://only_dev.sls?saltenv=dev') %}
{%- set env_kwarg = salt['slsutil.renderer']('salt://only_dev.sls', saltenv='dev') %}
renderer results:
  test.nop:
    - minions: {{ minions | json }}
    - map: {{ map | json }}
    - local: {{ local | json }}
    - text: {{ text | json }}
    - data: {{ data | json }}
    - raw: {{ raw | json }}
    - blank: {{ blank | json }}
    - empty: {{ empty | json }}
    - missing: {{ missing | json }}
    - crlf: {{ crlf | json }}
    - crlf_data: {{ crlf_data | json }}
    - inline: {{ inline | json }}
    - inline_yaml: {{ inline_yaml | json }}
    - inline_json: {{ inline_json | json }}
    - sls_named: {{ sls_named | json }}
    - other_env: {{ other_env | json }}
    - env_kwarg: {{ env_kwarg | json }}
