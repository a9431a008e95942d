define dllexport void @explicit(i32 %arg0, <16 x i32> %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, i32 %v0, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  %v2 = or i32 %arg0, 35127296
  %v3 = call <8 x i32> @llvm.genx.raw.send2.v8i32.i8.i8.v8i1.i8.i8.i8.v8i32.v8i32(i8 0, i8 -125, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 1, i8 1, i8 10, i32 10, i32 %v2, <8 x i32> %v1, <8 x i32> undef)
  %v4 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, i32 %v0, i32 0, i32 1, i32 1, i16 16, i32 undef, i1 true)
  %v5 = or i32 %arg0, 34209792
  call void @llvm.genx.raw.send2.noresult.i8.i8.i1.i8.i8.v8i32(i8 0, i8 3, i1 true, i8 1, i8 10, i32 10, i32 %v5, <8 x i32> %v4)
  %v7 = or i32 %arg0, 69521408
  %v8 = icmp ult <16 x i32> %arg1, <i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64>
  %v9 = call <16 x i32> @llvm.genx.raw.sends2.v16i32.i8.i8.v16i1.i8.i8.i8.i8.v16i32.v16i32.v16i32(i8 0, i8 4, <16 x i1> %v8, i8 1, i8 0, i8 1, i8 12, i32 12, i32 %v7, <16 x i32> %arg1, <16 x i32> undef, <16 x i32> undef)
  %v10 = call <16 x i32> @llvm.genx.raw.sends2.v16i32.i8.i8.v16i1.i8.i8.i8.i8.v16i32.v16i32.v16i32(i8 0, i8 4, <16 x i1> %v8, i8 1, i8 0, i8 1, i8 12, i32 12, i32 %v7, <16 x i32> %arg1, <16 x i32> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>)
  %v11 = add <16 x i32> %v10, %arg1
  %v12 = or i32 %arg0, 102023168
  call void @llvm.genx.raw.sends2.noresult.i8.i8.v16i1.i8.i8.i8.v16i32.v16i32(i8 0, i8 4, <16 x i1> %v8, i8 1, i8 1, i8 12, i32 76, i32 %v12, <16 x i32> %arg1, <16 x i32> %v11)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare void @llvm.genx.raw.send2.noresult.i8.i8.i1.i8.i8.v8i32(i8, i8, i1, i8, i8, i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.raw.send2.v8i32.i8.i8.v8i1.i8.i8.i8.v8i32.v8i32(i8, i8, <8 x i1>, i8, i8, i8, i32, i32, <8 x i32>, <8 x i32>)
declare void @llvm.genx.raw.sends2.noresult.i8.i8.v16i1.i8.i8.i8.v16i32.v16i32(i8, i8, <16 x i1>, i8, i8, i8, i32, i32, <16 x i32>, <16 x i32>)
declare <16 x i32> @llvm.genx.raw.sends2.v16i32.i8.i8.v16i1.i8.i8.i8.i8.v16i32.v16i32.v16i32(i8, i8, <16 x i1>, i8, i8, i8, i8, i32, i32, <16 x i32>, <16 x i32>, <16 x i32>)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, <16 x i32>)* @explicit, !"explicit", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 128, i32 192}
!3 = !{i32 0, i32 0}
!4 = !{!"", !""}
