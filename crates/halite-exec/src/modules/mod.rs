//! One file per Salt execution module; register each function here with one line.
//! Modules whose Salt `__virtual__` fails on this host are not registered, so
//! `Registry::contains` answers as Salt's loader would.
//!
//! Each function is one of three kinds, by what it reads and what it changes:
//! - `register_pure`: it reads only the template's own inputs (grains, pillar, opts, the
//!   file roots and `salt://`, the controller's mine cache as salt-ssh's mine wrapper
//!   reads it) or computes on its arguments (`file.join`, `hashutil.*`, `test.*`,
//!   `pkg.version_cmp`). Safe to call speculatively, and answerable on the controller when
//!   it compiles a host's catalog: it gives the same answer wherever it runs.
//! - `register_host_read`: it only reads, but reads the machine it runs on (its files,
//!   users, groups, packages, interfaces, clock, environment, crontabs, `/etc/hosts`, the
//!   modules that load there; `cmd.which`, `git.revision`, `dig.A`, which run a program
//!   that only reads). Safe to call speculatively; a fleet compile asks the target
//!   (`crate::remote`), never the controller, which would show its own files, as root.
//! - `register` (the default, impure): it runs commands (`cmd.*` but `which`/`has_exec`,
//!   `postgres.*`, whose `psql_query` may write), writes, logs (`log.*`: the lines must
//!   come out in the sequential walk's order), or sets the job's retcode (`test.retcode`,
//!   as Salt's does). A fleet compile asks the target as well.
//!
//! A new function starts impure. The test at the end of this file lists every function a
//! controller answers: adding one there is a decision, not a default.

mod alternatives;
mod aptpkg;
pub mod archive;
pub(crate) mod cmd;
mod config;
mod cp;
mod cron;
mod debconfmod;
mod debian_service;
mod defaults;
mod dig;
mod disk;
mod dpkg_lowpkg;
mod environ;
mod file;
pub(crate) mod git;
mod grains;
mod groupadd;
mod hashutil;
mod hosts;
mod linux_shadow;
mod linux_sysctl;
mod localemod;
mod log;
mod match_;
mod mine;
mod mount;
mod network;
mod pillar;
pub use pillar::{
    masked_on_output as pillar_masked_on_output,
    obfuscate_for_output as pillar_obfuscate_for_output, redact as redact_pillar,
    REDACT_PLACEHOLDER,
};
mod postgres;
mod slsutil;
mod ssh;
mod status;
mod sys;
mod systemd_service;
mod test;
mod timezone;
pub(crate) mod useradd;

pub use config::defaults as config_defaults;

use crate::{ExecFn, Registry};
use halite_value::{Map, Value};

/// What Salt's loader reads when it picks the modules that depend on the host: the grains
/// (for `__virtual__`) and the minion options `disable_modules` (file names the loader skips)
/// and `providers` (`{virtual name: file name}`, loaded without `__virtual__` over the
/// functions of that virtual name).
pub(crate) struct Loader<'a> {
    pub opts: &'a Map,
    pub grains: &'a Value,
}

impl Loader<'_> {
    /// Whether the module file `name` is not in `disable_modules`.
    fn enabled(&self, name: &str) -> bool {
        !matches!(self.opts.get("disable_modules"), Some(Value::List(l))
            if l.iter().any(|m| m.py_str() == name))
    }

    /// `providers: {service: debian_service}`: (virtual name, file name) pairs.
    fn providers(&self) -> Vec<(String, String)> {
        match self.opts.get("providers") {
            Some(Value::Map(m)) => m.iter().map(|(k, v)| (k.py_str(), v.py_str())).collect(),
            _ => Vec::new(),
        }
    }
}

/// Loads `functions` (a provider's table): when two loaded modules share a virtual name, the
/// one loaded first keeps the names both define (Salt's loader does not overwrite).
fn load(
    r: &mut Registry,
    module: &'static str,
    functions: &[(&'static str, ExecFn)],
    overwrite: bool,
) {
    for (name, f) in functions {
        if overwrite || !r.contains(name) {
            r.register_from(module, name, *f);
        }
    }
}

/// `salt.utils.systemd.booted()`: /run/systemd/system exists.
pub fn systemd_booted() -> bool {
    systemd_service::booted()
}

/// The providers chosen per host, as Salt's loader chooses them: every module whose
/// `__virtual__` passes and which `disable_modules` does not name, in file order
/// (`debian_service` before `systemd_service`: on a Debian host where systemd is not PID 1
/// but `systemctl` is installed, both load; Debian's functions win the names both define and
/// `service.offline` comes from systemd's), then the `providers` overrides, whose file's
/// functions replace those of the virtual name whether or not its `__virtual__` passes.
pub(crate) fn register_host(r: &mut Registry, host: &Loader) {
    type Provider = (
        &'static str,
        fn(&Value) -> bool,
        &'static [(&'static str, ExecFn)],
    );
    let providers: [Provider; 2] = [
        (
            "debian_service",
            debian_service::virtual_,
            debian_service::FUNCTIONS,
        ),
        (
            "systemd_service",
            systemd_service::virtual_,
            systemd_service::FUNCTIONS,
        ),
    ];
    for (file, virtual_, functions) in providers {
        if host.enabled(file) && virtual_(host.grains) {
            load(r, file, functions, false);
        }
    }
    if host.enabled("debconfmod") && debconfmod::available(host.grains) {
        r.register_from(
            "debconfmod",
            "debconf.get_selections",
            debconfmod::get_selections,
        );
        r.register_from("debconfmod", "debconf.show", debconfmod::show);
        r.register_from("debconfmod", "debconf.set", debconfmod::set);
        r.register_from("debconfmod", "debconf.set_file", debconfmod::set_file);
        r.register_from(
            "debconfmod",
            "debconf.set_template",
            debconfmod::set_template,
        );
    }
    if host.enabled("linux_sysctl") && linux_sysctl::available(host.grains) {
        r.register_from(
            "linux_sysctl",
            "sysctl.default_config",
            linux_sysctl::default_config,
        );
        r.register_from("linux_sysctl", "sysctl.show", linux_sysctl::show);
        r.register_from("linux_sysctl", "sysctl.get", linux_sysctl::get);
        r.register_from("linux_sysctl", "sysctl.assign", linux_sysctl::assign);
        r.register_from("linux_sysctl", "sysctl.persist", linux_sysctl::persist);
    }
    if host.enabled("timezone") {
        r.register_from("timezone", "timezone.get_zone", timezone::get_zone);
        r.register_from("timezone", "timezone.zone_compare", timezone::zone_compare);
        r.register_from("timezone", "timezone.get_hwclock", timezone::get_hwclock);
        r.register_from("timezone", "timezone.get_offset", timezone::get_offset);
        r.register_from("timezone", "timezone.get_zonecode", timezone::get_zonecode);
    }
    if host.enabled("mount") {
        r.register_from("mount", "mount.active", mount::active);
        r.register_from("mount", "mount.fstab", mount::fstab);
        r.register_from("mount", "mount.swaps", mount::swaps);
        r.register_from("mount", "mount.set_fstab", mount::set_fstab);
        r.register_from("mount", "mount.rm_fstab", mount::rm_fstab);
        r.register_from("mount", "mount.mount", mount::mount);
        r.register_from("mount", "mount.remount", mount::remount);
        r.register_from("mount", "mount.umount", mount::umount);
        r.register_from("mount", "mount.swapon", mount::swapon);
        r.register_from("mount", "mount.swapoff", mount::swapoff);
        r.register_from("mount", "mount.is_mounted", mount::is_mounted);
        r.register_from("mount", "mount.read_mount_cache", mount::read_mount_cache);
        r.register_from("mount", "mount.write_mount_cache", mount::write_mount_cache);
        r.register_from(
            "mount",
            "mount.delete_mount_cache",
            mount::delete_mount_cache,
        );
    }
    if host.enabled("disk") {
        r.register_from("disk", "disk.blkid", disk::blkid);
    }
    if host.enabled("localemod") {
        r.register_from("localemod", "locale.get_locale", localemod::get_locale);
        r.register_from("localemod", "locale.list_avail", localemod::list_avail);
        r.register_from("localemod", "locale.avail", localemod::avail);
    }
    for (virtual_name, file) in host.providers() {
        let table = providers.iter().find(|(f, _, fs)| {
            *f == file
                && fs
                    .iter()
                    .all(|(n, _)| n.starts_with(&format!("{virtual_name}.")))
        });
        if let Some((file, _, functions)) = table {
            load(r, file, functions, true);
        }
    }
}

pub(crate) fn register_all(r: &mut Registry) {
    r.register_host_read("alternatives.show_current", alternatives::show_current);
    if alternatives::available() {
        r.register("alternatives.display", alternatives::display);
        r.register("alternatives.show_link", alternatives::show_link);
        r.register("alternatives.check_exists", alternatives::check_exists);
        r.register_host_read(
            "alternatives.check_installed",
            alternatives::check_installed,
        );
        r.register("alternatives.install", alternatives::install);
        r.register("alternatives.remove", alternatives::remove);
        r.register("alternatives.auto", alternatives::auto);
        r.register("alternatives.set", alternatives::set);
    }
    r.register_host_read("archive.list", archive::list_);
    r.register("cmd.run", cmd::run_);
    r.register("cmd.shell", cmd::shell);
    r.register("cmd.run_stdout", cmd::run_stdout);
    r.register("cmd.run_stderr", cmd::run_stderr);
    r.register("cmd.run_all", cmd::run_all);
    r.register("cmd.retcode", cmd::retcode);
    r.register("cmd.script", cmd::script);
    r.register("cmd.script_retcode", cmd::script_retcode);
    r.register_host_read("cmd.which", cmd::which);
    r.register_host_read("cmd.has_exec", cmd::has_exec);
    r.register_pure("config.get", config::get);
    r.register_pure("config.option", config::option);
    r.register_pure("config.merge", config::merge);
    r.register_pure("config.items", config::items);
    r.register_pure("config.dot_vals", config::dot_vals);
    r.register_pure("config.valid_fileproto", config::valid_fileproto);
    r.register_pure("cp.get_file_str", cp::get_file_str);
    r.register("cp.cache_file", cp::cache_file);
    r.register("cp.get_url", cp::get_url);
    r.register("cp.is_cached", cp::is_cached);
    if cron::available() {
        r.register_host_read("cron.raw_cron", cron::raw_cron);
        r.register_host_read("cron.list_tab", cron::list_tab);
        r.register_host_read("cron.ls", cron::list_tab);
        r.register("cron.set_job", cron::set_job);
        r.register("cron.set_special", cron::set_special);
        r.register("cron.rm_job", cron::rm_job);
        r.register("cron.rm", cron::rm_job);
        r.register("cron.rm_special", cron::rm_special);
        r.register("cron.set_env", cron::set_env);
        r.register("cron.rm_env", cron::rm_env);
        r.register("cron.write_cron_file", cron::write_cron_file);
        r.register(
            "cron.write_cron_file_verbose",
            cron::write_cron_file_verbose,
        );
    }
    r.register_pure("cp.list_states", cp::list_states);
    r.register_pure("cp.list_master", cp::list_master);
    r.register_pure("cp.list_master_dirs", cp::list_master_dirs);
    r.register_pure("cp.list_master_symlinks", cp::list_master_symlinks);
    r.register_pure("defaults.merge", defaults::merge);
    r.register_pure("defaults.deepcopy", defaults::deepcopy);
    r.register_pure("defaults.update", defaults::update);
    r.register_pure("defaults.get", defaults::get);
    if dig::available() {
        r.register_host_read("dig.A", dig::a);
        r.register_host_read("dig.AAAA", dig::aaaa);
    }
    r.register_host_read("environ.get", environ::get);
    r.register_host_read("environ.has_value", environ::has_value);
    r.register_host_read("environ.item", environ::item);
    r.register_host_read("environ.items", environ::items);
    r.register_host_read("file.file_exists", file::file_exists);
    r.register_host_read("file.directory_exists", file::directory_exists);
    r.register_host_read("file.is_link", file::is_link);
    r.register_pure("file.basename", file::basename);
    r.register_pure("file.dirname", file::dirname);
    r.register_pure("file.join", file::join);
    r.register_pure("file.normpath", file::normpath);
    r.register_host_read("file.readdir", file::readdir);
    r.register_host_read("file.contains_regex", file::contains_regex);
    r.register_host_read("file.contains", file::contains);
    r.register_host_read("file.search", file::search);
    r.register_host_read("file.read", file::read);
    r.register_host_read("file.get_user", file::get_user);
    r.register_host_read("file.get_group", file::get_group);
    r.register_host_read("file.get_mode", file::get_mode);
    r.register("file.touch", file::touch);
    r.register("file.mkdir", file::mkdir);
    r.register("file.write", file::write);
    r.register("file.patch", file::patch);
    r.register_host_read("file.group_to_gid", file::group_to_gid);
    r.register_host_read("file.gid_to_group", file::gid_to_group);
    r.register_host_read("file.user_to_uid", file::user_to_uid);
    r.register_host_read("file.get_hash", hashutil::file_get_hash);
    if git::available() {
        r.register_host_read("git.current_branch", git::current_branch);
        r.register_host_read("git.revision", git::revision);
        r.register("git.config_get", git::config_get);
        r.register("git.config_get_regexp", git::config_get_regexp);
        r.register("git.config_get_regex", git::config_get_regexp);
        r.register("git.config_set", git::config_set);
        r.register("git.config_unset", git::config_unset);
    }
    r.register_pure("grains.get", grains::get);
    r.register_pure("grains.items", grains::items);
    r.register_pure("grains.item", grains::item);
    r.register_pure("grains.ls", grains::ls);
    r.register_pure("grains.has_value", grains::has_value);
    r.register_pure("grains.filter_by", grains::filter_by);
    // salt/modules/grains.py: `fetch = get`
    r.register_pure("grains.fetch", grains::get);
    r.register_pure("hashutil.digest", hashutil::digest);
    r.register_host_read("hosts.list_hosts", hosts::list_hosts);
    r.register_host_read("hosts.get_ip", hosts::get_ip);
    r.register_host_read("hosts.get_alias", hosts::get_alias);
    r.register_host_read("hosts.has_pair", hosts::has_pair);
    r.register("hosts.set_host", hosts::set_host);
    r.register("hosts.add_host", hosts::add_host);
    r.register("hosts.rm_host", hosts::rm_host);
    r.register("hosts.set_comment", hosts::set_comment);
    r.register_pure("hashutil.md5_digest", hashutil::md5_digest);
    r.register_pure("hashutil.sha256_digest", hashutil::sha256_digest);
    r.register_pure("hashutil.sha512_digest", hashutil::sha512_digest);
    r.register_pure("hashutil.base64_b64encode", hashutil::base64_b64encode);
    r.register_pure("hashutil.base64_b64decode", hashutil::base64_b64decode);
    r.register_pure(
        "hashutil.base64_encodestring",
        hashutil::base64_encodestring,
    );
    r.register("log.debug", log::debug);
    r.register("log.info", log::info);
    r.register("log.warning", log::warning);
    r.register("log.error", log::error);
    r.register("log.critical", log::critical);
    r.register("log.exception", log::exception);
    r.register_pure("match.glob", match_::glob);
    r.register_pure("match.pcre", match_::pcre);
    r.register_pure("match.list", match_::list_);
    r.register_pure("match.grain", match_::grain);
    r.register_pure("match.grain_pcre", match_::grain_pcre);
    r.register_pure("match.pillar", match_::pillar);
    r.register_pure("match.pillar_pcre", match_::pillar_pcre);
    r.register_pure("mine.get", mine::get);
    r.register_host_read("network.ip_addrs", network::ip_addrs);
    r.register_host_read("network.ipaddrs", network::ip_addrs);
    r.register_host_read("network.ip_addrs6", network::ip_addrs6);
    r.register_host_read("network.ipaddrs6", network::ip_addrs6);
    r.register_host_read("network.get_hostname", network::get_hostname);
    r.register_host_read("network.get_fqdn", network::get_fqdn);
    r.register_host_read("network.hw_addr", network::hw_addr);
    r.register_host_read("network.hwaddr", network::hw_addr);
    r.register_host_read("network.in_subnet", network::in_subnet);
    r.register_pure("network.ip_in_subnet", network::ip_in_subnet);
    r.register_pure("network.calc_net", network::calc_net);
    r.register_host_read("network.interfaces", network::interfaces);
    r.register_host_read("network.subnets", network::subnets);
    r.register_host_read("network.subnets6", network::subnets6);
    r.register_pure("pillar.get", pillar::get);
    r.register_pure("pillar.item", pillar::item);
    r.register_pure("pillar.items", pillar::items);
    r.register_pure("pillar.data", pillar::items);
    r.register_pure("pillar.raw", pillar::raw);
    r.register_pure("pillar.keys", pillar::keys);
    r.register_pure("pillar.ls", pillar::ls);
    r.register_pure("pillar.fetch", pillar::get);
    r.register_pure("pillar.obfuscate", pillar::obfuscate);
    r.register_pure("pillar.filter_by", pillar::filter_by);
    r.register_pure("pillar.file_exists", pillar::file_exists);
    if aptpkg::available() {
        // salt.modules.aptpkg, virtual name `pkg` (os_family Debian)
        r.register_host_read("pkg.version", aptpkg::version);
        r.register_host_read("pkg.list_pkgs", aptpkg::list_pkgs);
        r.register_pure("pkg.version_cmp", aptpkg::version_cmp);
        r.register_pure("pkg.normalize_name", aptpkg::normalize_name);
        r.register_host_read("pkg.get_selections", aptpkg::get_selections);
        r.register("pkg.latest_version", aptpkg::latest_version);
        r.register("pkg.available_version", aptpkg::latest_version);
        r.register("pkg.upgrade_available", aptpkg::upgrade_available);
        r.register("pkg.list_repo_pkgs", aptpkg::list_repo_pkgs);
        r.register("pkg.refresh_db", aptpkg::refresh_db);
        r.register("pkg.list_upgrades", aptpkg::list_upgrades);
        r.register("pkg.upgrade", aptpkg::upgrade);
        r.register("pkg.install", aptpkg::install);
        r.register("pkg.remove", aptpkg::remove);
        r.register("pkg.purge", aptpkg::purge);
        r.register("pkg.hold", aptpkg::hold);
        r.register("pkg.unhold", aptpkg::unhold);
        r.register_host_read("lowpkg.bin_pkg_info", dpkg_lowpkg::bin_pkg_info);
        r.register_host_read("pkg.info_installed", aptpkg::info_installed);
        r.register_host_read("pkg.list_repos", aptpkg::list_repos);
        r.register_host_read("pkg.get_repo", aptpkg::get_repo);
        r.register("pkg.get_repo_keys", aptpkg::get_repo_keys_fn);
        r.register("pkg.del_repo_key", aptpkg::del_repo_key);
        r.register("pkg.mod_repo", aptpkg::mod_repo);
        r.register("pkg.del_repo", aptpkg::del_repo);
    }
    if postgres::available() {
        r.register("postgres.version", postgres::version);
        r.register("postgres.psql_query", postgres::psql_query);
        r.register("postgres.db_list", postgres::db_list);
        r.register("postgres.db_exists", postgres::db_exists);
        r.register("postgres.tablespace_list", postgres::tablespace_list);
        r.register("postgres.tablespace_exists", postgres::tablespace_exists);
        r.register("postgres.user_list", postgres::user_list);
        r.register("postgres.role_get", postgres::role_get);
        r.register("postgres.user_exists", postgres::user_exists);
        r.register("postgres.user_create", postgres::user_create);
    }
    if ssh::available() {
        r.register_host_read("ssh.auth_keys", ssh::auth_keys);
        r.register_host_read("ssh.check_key", ssh::check_key);
        r.register_host_read("ssh.check_key_file", ssh::check_key_file);
        r.register("ssh.set_auth_key", ssh::set_auth_key);
        r.register("ssh.set_auth_key_from_file", ssh::set_auth_key_from_file);
        r.register("ssh.rm_auth_key", ssh::rm_auth_key);
        r.register("ssh.rm_auth_key_from_file", ssh::rm_auth_key_from_file);
        r.register("ssh.get_known_host_entries", ssh::get_known_host_entries);
        r.register("ssh.check_known_host", ssh::check_known_host);
        r.register("ssh.set_known_host", ssh::set_known_host);
        r.register("ssh.rm_known_host", ssh::rm_known_host);
        r.register("ssh.hash_known_hosts", ssh::hash_known_hosts);
    }
    r.register_host_read("status.time", status::time);
    r.register_pure("slsutil.update", slsutil::update);
    r.register_pure("slsutil.merge", slsutil::merge);
    r.register_pure("slsutil.merge_all", slsutil::merge_all);
    r.register_pure("slsutil.serialize", slsutil::serialize);
    r.register_pure("slsutil.boolstr", slsutil::boolstr);
    r.register_pure("slsutil.file_exists", slsutil::file_exists);
    r.register_pure("slsutil.dir_exists", slsutil::dir_exists);
    r.register_pure("slsutil.path_exists", slsutil::path_exists);
    r.register_pure("slsutil.renderer", slsutil::renderer);
    r.register_host_read("sys.list_functions", sys::list_functions);
    r.register_host_read("sys.list_modules", sys::list_modules);
    r.register_pure("test.ping", test::ping);
    r.register_pure("test.true", test::true_);
    r.register_pure("test.false", test::false_);
    r.register_pure("test.version", test::version);
    r.register_pure("test.echo", test::echo);
    r.register_pure("test.outputter", test::outputter);
    r.register_pure("test.arg", test::arg);
    r.register_pure("test.kwarg", test::kwarg);
    r.register_pure("test.arg_type", test::arg_type);
    r.register_pure("test.arg_repr", test::arg_repr);
    r.register_pure("test.fib", test::fib);
    r.register("test.retcode", test::retcode);
    r.register_pure("test.exception", test::exception);
    r.register_pure("test.random_hash", test::random_hash);
    if useradd::available() {
        r.register_host_read("user.info", useradd::info);
        r.register_host_read("user.list_users", useradd::list_users);
        r.register_host_read("user.list_groups", useradd::list_groups);
        r.register_host_read("user.getent", useradd::getent);
        r.register_host_read("user.primary_group", useradd::primary_group);
        r.register("user.add", useradd::add);
        r.register("user.delete", useradd::delete);
        r.register("user.chuid", useradd::chuid);
        r.register("user.chgid", useradd::chgid);
        r.register("user.chshell", useradd::chshell);
        r.register("user.chhome", useradd::chhome);
        r.register("user.chgroups", useradd::chgroups);
        r.register("user.chfullname", useradd::chfullname);
        r.register("user.chroomnumber", useradd::chroomnumber);
        r.register("user.chworkphone", useradd::chworkphone);
        r.register("user.chhomephone", useradd::chhomephone);
        r.register("user.chother", useradd::chother);
        // linux_shadow and groupadd load on Linux, as useradd does.
        r.register_host_read("shadow.info", linux_shadow::info);
        r.register_pure("shadow.default_hash", linux_shadow::default_hash);
        r.register("shadow.gen_password", linux_shadow::gen_password);
        r.register_host_read("shadow.list_users", linux_shadow::list_users);
        r.register("shadow.set_password", linux_shadow::set_password);
        r.register("shadow.del_password", linux_shadow::del_password);
        r.register("shadow.lock_password", linux_shadow::lock_password);
        r.register("shadow.unlock_password", linux_shadow::unlock_password);
        r.register("shadow.set_mindays", linux_shadow::set_mindays);
        r.register("shadow.set_maxdays", linux_shadow::set_maxdays);
        r.register("shadow.set_inactdays", linux_shadow::set_inactdays);
        r.register("shadow.set_warndays", linux_shadow::set_warndays);
        r.register("shadow.set_date", linux_shadow::set_date);
        r.register("shadow.set_expire", linux_shadow::set_expire);
        r.register_host_read("group.info", groupadd::info);
        r.register_host_read("group.getent", groupadd::getent);
        r.register("group.add", groupadd::add);
        r.register("group.delete", groupadd::delete);
        r.register("group.chgid", groupadd::chgid);
        r.register("group.adduser", groupadd::adduser);
        r.register("group.deluser", groupadd::deluser);
        r.register("group.members", groupadd::members);
    }
}

#[cfg(test)]
mod tests {
    use crate::Registry;

    /// Every function a controller answers itself while it compiles a host's catalog
    /// (`register_pure`): nothing here may read the machine it runs on.
    const CONTROLLER_ANSWERS: &[&str] = &[
        "config.dot_vals",
        "config.get",
        "config.items",
        "config.merge",
        "config.option",
        "config.valid_fileproto",
        "cp.get_file_str",
        "cp.list_master",
        "cp.list_master_dirs",
        "cp.list_master_symlinks",
        "cp.list_states",
        "defaults.deepcopy",
        "defaults.get",
        "defaults.merge",
        "defaults.update",
        "file.basename",
        "file.dirname",
        "file.join",
        "file.normpath",
        "grains.fetch",
        "grains.filter_by",
        "grains.get",
        "grains.has_value",
        "grains.item",
        "grains.items",
        "grains.ls",
        "hashutil.base64_b64decode",
        "hashutil.base64_b64encode",
        "hashutil.base64_encodestring",
        "hashutil.digest",
        "hashutil.md5_digest",
        "hashutil.sha256_digest",
        "hashutil.sha512_digest",
        "match.glob",
        "match.grain",
        "match.grain_pcre",
        "match.list",
        "match.pcre",
        "match.pillar",
        "match.pillar_pcre",
        "mine.get",
        "network.calc_net",
        "network.ip_in_subnet",
        "pillar.data",
        "pillar.fetch",
        "pillar.file_exists",
        "pillar.filter_by",
        "pillar.get",
        "pillar.item",
        "pillar.items",
        "pillar.keys",
        "pillar.ls",
        "pillar.obfuscate",
        "pillar.raw",
        "pkg.normalize_name",
        "pkg.version_cmp",
        "shadow.default_hash",
        "slsutil.boolstr",
        "slsutil.dir_exists",
        "slsutil.file_exists",
        "slsutil.merge",
        "slsutil.merge_all",
        "slsutil.path_exists",
        "slsutil.renderer",
        "slsutil.serialize",
        "slsutil.update",
        "test.arg",
        "test.arg_repr",
        "test.arg_type",
        "test.echo",
        "test.exception",
        "test.false",
        "test.fib",
        "test.kwarg",
        "test.outputter",
        "test.ping",
        "test.random_hash",
        "test.true",
        "test.version",
    ];

    #[test]
    fn only_functions_that_read_nothing_of_the_host_are_answered_on_the_controller() {
        let r = Registry::standard();
        let answered: Vec<&str> = r.names().into_iter().filter(|n| !r.reads_host(n)).collect();
        let unexpected: Vec<&&str> = answered
            .iter()
            .filter(|n| !CONTROLLER_ANSWERS.contains(n))
            .collect();
        assert!(
            unexpected.is_empty(),
            "answered on the controller: {unexpected:?}"
        );
        // The ones issue 34 found answered on the controller, as root.
        for name in [
            "file.read",
            "file.search",
            "file.contains",
            "file.get_hash",
            "file.readdir",
            "file.file_exists",
            "cp.cache_file",
            "environ.get",
            "cmd.which",
            "network.ip_addrs",
            "status.time",
        ] {
            assert!(r.reads_host(name), "{name} must ask the target");
        }
        // Safe to call speculatively all the same.
        for name in ["file.read", "file.file_exists", "environ.get"] {
            assert!(r.is_pure(name), "{name}");
        }
        assert!(!r.is_pure("cp.cache_file") && !r.is_pure("cmd.run"));
    }
}
