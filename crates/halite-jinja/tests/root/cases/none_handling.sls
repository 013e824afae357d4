{{ none }} {{ [none] }} {{ {'k': none} }} {{ none is none }} {{ pillar.nothing is none }} {{ (none | string) ~ '!' }}
{{ none | default('x') }} {{ none | default('x', true) }} {{ pillar.get('nothing') }} {{ pillar.get('nothing', 'fallback') }}
{{ salt['pillar.get']('nothing', 'fallback') }}
