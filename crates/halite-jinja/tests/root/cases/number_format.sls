{{ '%.2f' | format(3.14159) }} {{ '%5d|' | format(42) }} {{ '%-8s|' | format('ab') }} {{ '%03d' % 7 }} {{ '%+d' % 5 }} {{ '%e' % 12345.678 }}
{{ '{:,}'.format(1234567) if false else 'skip' }} {{ '{:.1%}'.format(0.25) if false else 'skip2' }}
{{ 10 | string ~ '%' }} {{ (7 / 2) | int }} {{ (7 / 2) | round | int }} {{ 1000000 * 1000000 }} {{ 2 ** 62 }}
