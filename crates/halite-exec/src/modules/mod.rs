//! One file per Salt execution module; register each function here with one line.
//! Modules whose Salt `__virtual__` fails on this host are not registered, so
//! `Registry::contains` answers as Salt's loader would.
//!
//! `register_pure` marks a function that only reads (grains, pillar, opts, files, the
//! clock, the host's users, packages, interfaces, DNS, a git checkout): speculative renders
//! may run it (see `crate::speculation`). Everything else stays `register`, impure: it runs
//! commands (`cmd.*` but `which`/`has_exec`, `postgres.*`, whose `psql_query` may write),
//! logs (`log.*`: the lines must come out in the sequential walk's order), or sets the
//! job's retcode (`test.retcode`, as Salt's does). A new function starts impure.

mod alternatives;
mod aptpkg;
pub(crate) mod cmd;
mod config;
mod cp;
mod defaults;
mod dig;
mod dpkg_lowpkg;
mod environ;
mod file;
mod git;
mod grains;
mod hashutil;
mod log;
mod match_;
mod mine;
mod network;
mod pillar;
mod postgres;
mod slsutil;
mod status;
mod sys;
mod test;
mod user;

pub use config::defaults as config_defaults;
pub use test::SALT_VERSION;

use crate::Registry;

pub(crate) fn register_all(r: &mut Registry) {
    r.register_pure("alternatives.show_current", alternatives::show_current);
    r.register("cmd.run", cmd::run_);
    r.register("cmd.shell", cmd::shell);
    r.register("cmd.run_stdout", cmd::run_stdout);
    r.register("cmd.run_stderr", cmd::run_stderr);
    r.register("cmd.run_all", cmd::run_all);
    r.register("cmd.retcode", cmd::retcode);
    r.register("cmd.script", cmd::script);
    r.register("cmd.script_retcode", cmd::script_retcode);
    r.register_pure("cmd.which", cmd::which);
    r.register_pure("cmd.has_exec", cmd::has_exec);
    r.register_pure("config.get", config::get);
    r.register_pure("config.option", config::option);
    r.register_pure("config.merge", config::merge);
    r.register_pure("config.items", config::items);
    r.register_pure("config.dot_vals", config::dot_vals);
    r.register_pure("config.valid_fileproto", config::valid_fileproto);
    r.register_pure("cp.get_file_str", cp::get_file_str);
    r.register_pure("cp.list_states", cp::list_states);
    r.register_pure("cp.list_master", cp::list_master);
    r.register_pure("cp.list_master_dirs", cp::list_master_dirs);
    r.register_pure("cp.list_master_symlinks", cp::list_master_symlinks);
    r.register_pure("defaults.merge", defaults::merge);
    r.register_pure("defaults.deepcopy", defaults::deepcopy);
    r.register_pure("defaults.update", defaults::update);
    r.register_pure("defaults.get", defaults::get);
    if dig::available() {
        r.register_pure("dig.A", dig::a);
        r.register_pure("dig.AAAA", dig::aaaa);
    }
    r.register_pure("environ.get", environ::get);
    r.register_pure("environ.has_value", environ::has_value);
    r.register_pure("environ.item", environ::item);
    r.register_pure("environ.items", environ::items);
    r.register_pure("file.file_exists", file::file_exists);
    r.register_pure("file.directory_exists", file::directory_exists);
    r.register_pure("file.is_link", file::is_link);
    r.register_pure("file.basename", file::basename);
    r.register_pure("file.dirname", file::dirname);
    r.register_pure("file.join", file::join);
    r.register_pure("file.normpath", file::normpath);
    r.register_pure("file.readdir", file::readdir);
    r.register_pure("file.contains_regex", file::contains_regex);
    r.register_pure("file.contains", file::contains);
    r.register_pure("file.search", file::search);
    r.register_pure("file.read", file::read);
    r.register_pure("file.get_user", file::get_user);
    r.register_pure("file.get_group", file::get_group);
    r.register_pure("file.get_mode", file::get_mode);
    r.register_pure("file.get_hash", hashutil::file_get_hash);
    if git::available() {
        r.register_pure("git.current_branch", git::current_branch);
        r.register_pure("git.revision", git::revision);
    }
    r.register_pure("grains.get", grains::get);
    r.register_pure("grains.items", grains::items);
    r.register_pure("grains.item", grains::item);
    r.register_pure("grains.ls", grains::ls);
    r.register_pure("grains.has_value", grains::has_value);
    r.register_pure("grains.filter_by", grains::filter_by);
    r.register_pure("hashutil.digest", hashutil::digest);
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
    r.register_pure("network.ip_addrs", network::ip_addrs);
    r.register_pure("network.ipaddrs", network::ip_addrs);
    r.register_pure("network.ip_addrs6", network::ip_addrs6);
    r.register_pure("network.ipaddrs6", network::ip_addrs6);
    r.register_pure("network.get_hostname", network::get_hostname);
    r.register_pure("network.get_fqdn", network::get_fqdn);
    r.register_pure("network.hw_addr", network::hw_addr);
    r.register_pure("network.hwaddr", network::hw_addr);
    r.register_pure("network.in_subnet", network::in_subnet);
    r.register_pure("network.interfaces", network::interfaces);
    r.register_pure("network.subnets", network::subnets);
    r.register_pure("network.subnets6", network::subnets6);
    r.register_pure("pillar.get", pillar::get);
    r.register_pure("pillar.item", pillar::item);
    r.register_pure("pillar.items", pillar::items);
    r.register_pure("pillar.data", pillar::items);
    r.register_pure("pillar.raw", pillar::raw);
    r.register_pure("pillar.keys", pillar::keys);
    r.register_pure("pillar.ls", pillar::ls);
    r.register_pure("pillar.fetch", pillar::get);
    r.register_pure("pillar.file_exists", pillar::file_exists);
    if aptpkg::available() {
        // salt.modules.aptpkg, virtual name `pkg` (os_family Debian)
        r.register_pure("pkg.version", aptpkg::version);
        r.register_pure("pkg.list_pkgs", aptpkg::list_pkgs);
        r.register_pure("pkg.version_cmp", aptpkg::version_cmp);
        r.register_pure("pkg.normalize_name", aptpkg::normalize_name);
        r.register_pure("pkg.get_selections", aptpkg::get_selections);
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
        r.register_pure("lowpkg.bin_pkg_info", dpkg_lowpkg::bin_pkg_info);
        r.register_pure("pkg.info_installed", aptpkg::info_installed);
        r.register_pure("pkg.list_repos", aptpkg::list_repos);
        r.register_pure("pkg.get_repo", aptpkg::get_repo);
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
    r.register_pure("status.time", status::time);
    r.register_pure("slsutil.update", slsutil::update);
    r.register_pure("slsutil.merge", slsutil::merge);
    r.register_pure("slsutil.merge_all", slsutil::merge_all);
    r.register_pure("slsutil.serialize", slsutil::serialize);
    r.register_pure("slsutil.boolstr", slsutil::boolstr);
    r.register_pure("slsutil.file_exists", slsutil::file_exists);
    r.register_pure("slsutil.dir_exists", slsutil::dir_exists);
    r.register_pure("slsutil.path_exists", slsutil::path_exists);
    r.register_pure("slsutil.renderer", slsutil::renderer);
    r.register_pure("sys.list_functions", sys::list_functions);
    r.register_pure("sys.list_modules", sys::list_modules);
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
    r.register_pure("user.info", user::info);
    r.register_pure("user.list_users", user::list_users);
    r.register_pure("user.list_groups", user::list_groups);
}
