{%- set lookup = salt['grains.filter_by']({
    'Debian': {'pkg': 'apache2', 'srv': 'apache2'},
    'RedHat': {'pkg': 'httpd', 'srv': 'httpd'},
    'default': {'pkg': 'web'},
}, grain='os_family', merge=salt['pillar.get']('nginx:lookup')) %}
{{ lookup }}
{%- set other = salt['grains.filter_by']({'default': {'a': 1}, 'Arch': {'a': 2}}) %}
{{ other }}
{%- set byos = salt['grains.filter_by']({'Debian': 'deb'}, grain='os', default='Debian') %}
{{ byos }}
