{{ '{0[a]} {1.x}'.format({'a': 1}, {'x': 2}) if false else 'skip' }} {{ '{:>8}'.format('r') }}| {{ '{:03d}'.format(7) }} {{ '{!r}'.format('q') }} {{ '{{literal}} {}'.format(1) }}
{{ '%s and %s' % ('a', 'b') }} {{ '%(a)s' % {'a': [1]} }} {{ '%5.1f%%' % 99.44 }}
