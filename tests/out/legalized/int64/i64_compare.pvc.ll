define dllexport void @i64_compare(i32 %arg0) {
bb0:
  %v0 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 4)
  %v2 = icmp slt <8 x i64> %v0, %v1
  %v3 = select <8 x i1> %v2, <8 x i64> %v0, <8 x i64> %v1
  %v4 = icmp uge <8 x i64> %v3, <i64 100, i64 100, i64 100, i64 100, i64 100, i64 100, i64 100, i64 100>
  %v5 = icmp eq <8 x i64> %v0, %v1
  %v6 = or <8 x i1> %v4, %v5
  %v7 = zext <8 x i1> %v6 to <8 x i64>
  %v8 = call <8 x i64> @llvm.genx.smin.v8i64.v8i64.v8i64(<8 x i64> %v3, <8 x i64> %v7)
  %v9 = call <8 x i64> @llvm.genx.umax.v8i64.v8i64.v8i64(<8 x i64> %v8, <8 x i64> %v1)
  %v10 = call <8 x i64> @llvm.genx.absi.v8i64.v8i64(<8 x i64> %v9)
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 8, <8 x i64> %v10)
  ret void
}

declare <8 x i64> @llvm.genx.absi.v8i64.v8i64(<8 x i64>)
declare <8 x i64> @llvm.genx.oword.ld.v8i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)
declare <8 x i64> @llvm.genx.smin.v8i64.v8i64.v8i64(<8 x i64>, <8 x i64>)
declare <8 x i64> @llvm.genx.umax.v8i64.v8i64.v8i64(<8 x i64>, <8 x i64>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @i64_compare, !"i64_compare", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
