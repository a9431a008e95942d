define dllexport void @bitops(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %arg0, i32 %v0)
  %v2 = call <8 x i32> @llvm.ctpop.v8i32(<8 x i32> %v1)
  %v3 = call <8 x i32> @llvm.ctlz.v8i32(<8 x i32> %v1, i1 false)
  %v4 = call <8 x i32> @llvm.genx.bfrev.v8i32.v8i32(<8 x i32> %v1)
  %v5 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v6 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v5, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v7 = shl <8 x i32> %v2, %v6
  %v8 = lshr <8 x i32> %v4, %v6
  %v9 = ashr <8 x i32> %v1, %v6
  %v10 = xor <8 x i32> %v7, %v8
  %v11 = or <8 x i32> %v10, %v3
  %v12 = xor <8 x i32> %v9, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
  %v13 = and <8 x i32> %v11, %v12
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v0, <8 x i32> %v13)
  ret void
}

declare <8 x i32> @llvm.ctlz.v8i32(<8 x i32>, i1)
declare <8 x i32> @llvm.ctpop.v8i32(<8 x i32>)
declare <8 x i32> @llvm.genx.bfrev.v8i32.v8i32(<8 x i32>)
declare i32 @llvm.genx.group.id.x.i32()
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @bitops, !"bitops", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
