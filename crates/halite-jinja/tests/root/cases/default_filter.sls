{{ undefined_var | default('dflt') }} {{ none | default('dflt') }} {{ none | default('dflt', true) }} {{ '' | default('e', true) }}
{{ pillar.get('missing', 'x') }} {{ pillar.nothing | default('n') }} {{ undefined_var | d(5) }}
{{ salt['pillar.get']('app:port') }} {{ salt['pillar.get']('app:missing', 'fallback') }} {{ salt['pillar.get']('app:settings') }}
{{ salt['grains.get']('os_family') }} {{ salt['grains.get']('nope', 'g') }} {{ salt['config.get']('app:name') }}
