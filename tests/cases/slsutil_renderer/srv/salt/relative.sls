{%- set x = salt['slsutil.renderer']('map.sls') %}
a:
  test.nop
