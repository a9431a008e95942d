define dllexport void @i64_float_scalar(i32 %arg0, i64 %arg1, float %arg2) {
bb0:
  %v0 = sitofp i64 %arg1 to float
  %v1 = uitofp i64 %arg1 to half
  %v2 = fpext half %v1 to float
  %v3 = fadd float %v0, %v2
  %v4 = fptosi float %v3 to i64
  %v5 = fptoui float %arg2 to i64
  %v6 = call <2 x i64> @llvm.genx.wrregioni.v2i64.i64.i16.i1(<2 x i64> undef, i64 %v4, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v7 = call <2 x i64> @llvm.genx.wrregioni.v2i64.i64.i16.i1(<2 x i64> %v6, i64 %v5, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v2i64(i32 %arg0, i32 0, <2 x i64> %v7)
  ret void
}

declare void @llvm.genx.oword.st.v2i64(i32, i32, <2 x i64>)
declare <2 x i64> @llvm.genx.wrregioni.v2i64.i64.i16.i1(<2 x i64>, i64, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i64, float)* @i64_float_scalar, !"i64_float_scalar", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 64, i32 72, i32 80}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_write", !"", !""}
