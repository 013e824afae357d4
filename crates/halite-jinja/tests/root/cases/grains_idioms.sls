{%- if grains['os_family'] == 'Debian' %}
debian
{%- elif grains.os_family == 'RedHat' %}
redhat
{%- endif %}
{{ grains.get('osfinger') }} {{ grains.get('nope', 'dflt') }} {{ grains['ipv4'][1] }} {{ grains.ipv4 | reject('equalto', '127.0.0.1') | first }}
{{ 'web' in grains.get('roles', []) }} {{ grains['osmajorrelease'] >= 11 }} {{ grains['osrelease'] | float > 11.5 }}
{{ salt['grains.get']('roles') | join(' ') }} {{ salt.grains.get('host') }} {{ salt['grains.get']('saltversioninfo')[0] }}
